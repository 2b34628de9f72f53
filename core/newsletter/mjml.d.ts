// mjml 5 ships no types; this is the part C360 uses. In v5 mjml2html returns a Promise.
declare module 'mjml' {
  type MjmlError = { line: number; message: string; tagName: string; formattedMessage: string };
  type MjmlOptions = { validationLevel?: 'strict' | 'soft' | 'skip'; minify?: boolean; beautify?: boolean; keepComments?: boolean };
  export default function mjml2html(mjml: string, options?: MjmlOptions): Promise<{ html: string; errors: MjmlError[] }>;
}
