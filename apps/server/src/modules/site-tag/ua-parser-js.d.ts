// ua-parser-js 1.x ships no types; only the part the collector reads.
declare module 'ua-parser-js' {
  interface UAResult {
    browser: { name?: string };
    device: { type?: string };
  }
  const UAParser: (ua: string) => UAResult;
  export default UAParser;
}
