declare module 'virtual:atrium-kit-css' {
  /** The kit's compiled CSS in a build; null in dev, where Vite injects style tags instead. */
  const css: string | null;
  export default css;
}
