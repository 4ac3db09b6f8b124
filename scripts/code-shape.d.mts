/** Files that may still be over a limit, each with why. */
export declare const ALLOWED_OVER: Record<string, string>;
/** The files (relative to `root`) over 300 lines and the functions over 80 own lines, leaving out `allowed`. */
export declare function shapeViolations(
  files: string[],
  root?: string,
  allowed?: Record<string, string>,
): { files: { file: string; lines: number }[]; functions: { file: string; name: string; line: number; own: number }[] };
