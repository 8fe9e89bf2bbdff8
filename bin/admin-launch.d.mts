/** Whether dist/bin/admin.js under `root` was built after the last change to the sources it is built from. */
export function bundleIsFresh(root?: string): boolean;
