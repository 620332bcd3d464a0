const useColor = !process.env.NO_COLOR && process.stdout.isTTY !== false;
const paint = (code: string) => (s: unknown) =>
  useColor ? `\x1b[${code}m${String(s)}\x1b[0m` : String(s);

export const bold = paint('1');
export const dim = paint('2');
export const red = paint('31');
export const green = paint('32');
export const yellow = paint('33');
export const magenta = paint('35');
export const cyan = paint('36');

export const short = (hash: string) => `${hash.slice(0, 16)}…`;
