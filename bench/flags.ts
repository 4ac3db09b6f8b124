/** The value of a bench's `--name value` or `--name=value` flag; undefined when the flag is absent. */
export function flagValue(argv: readonly string[], name: string): string | undefined {
  const eq = argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const at = argv.indexOf(`--${name}`);
  return eq ?? (at >= 0 ? argv[at + 1] : undefined);
}
