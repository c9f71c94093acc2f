// The entry of dist/int64.js: the int64-exact parser the body requires the first time an answer
// needs it (esbuild.mjs). Only `parse`, so that the rest of lossless-json (stringify, revivers,
// its number types) is neither shipped nor loaded.
export { parse } from 'lossless-json';
