// Loaded with `node --import` into one api instance of the cluster: its reads of the server
// containers fail, as when Node's require() of an ES module broke the first load of a process.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';

const readFile = fs.promises.readFile;
const container = `${path.sep}server${path.sep}remoteEntry.js`;
fs.promises.readFile = function (file, ...rest) {
  if (String(file).endsWith(container)) return Promise.reject(new TypeError("Cannot read properties of undefined (reading 'getStatus')"));
  return readFile.call(this, file, ...rest);
};
syncBuiltinESMExports();
