/** The folders whose TypeScript must have no import cycle. */
export declare const SOURCE_ROOTS: string[];
/** Every cycle among the files under `roots` (relative to `cwd`), each as its sorted list of files. */
export declare function findImportCycles(roots: string[], cwd?: string): { files: number; cycles: string[][] };
