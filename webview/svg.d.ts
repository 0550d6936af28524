/** SVG files imported by the page are bundled as their text (esbuild.mjs: loader `.svg: text`). */
declare module '*.svg' {
  const text: string;
  export default text;
}
