#!/usr/bin/env node
'use strict';
// The CLI is bundled to dist/cli.js by `npm run build` (the only one in the package); in a
// checkout, `npm run compile` output works too, and the newer of the two is used.
const path = require('path');
const fs = require('fs');
const mtime = (p) => { try { return fs.statSync(p).mtimeMs; } catch { return -1; } };
const candidates = [path.join(__dirname, '../dist/cli.js'), path.join(__dirname, '../out/src/cli/main.js')]
  .filter((p) => mtime(p) >= 0)
  .sort((a, b) => mtime(b) - mtime(a));
const entry = candidates[0];
if (!entry) {
  process.stderr.write('animscope: not built yet; run `npm run build` first\n');
  process.exit(2);
}

/**
 * The bundle through V8's code cache: compiling its 600 kB and the functions a command runs
 * costs ~15 ms of every call, more than the command itself on a small file (Node 20 has no
 * module.enableCompileCache). The cache is written after the first run, to a directory of this
 * user's own in the temporary directory (one owned by anyone else, or writable by others, is not
 * used: a cache is code), and used only for the same bundle: V8 checks its own version and flags
 * but, of the source, only its length, so the file's path, size and mtime are the cache's key.
 * ANIMSCOPE_NO_CODE_CACHE=1 loads the bundle the plain way.
 */
function requireWithCodeCache(file) {
  const vm = require('vm');
  const os = require('os');
  const Module = require('module');
  const uid = typeof process.getuid === 'function' ? process.getuid() : -1;
  const stat = fs.statSync(file);
  const key = Buffer.from(`${file}\0${stat.size}\0${stat.mtimeMs}\0${process.version}\0${process.arch}\0`);
  let hash = 0x811c9dc5; // FNV-1a of the path: one cache file per bundle
  for (let i = 0; i < file.length; i++) hash = Math.imul(hash ^ file.charCodeAt(i), 0x01000193) >>> 0;
  const dir = path.join(os.tmpdir(), `animscope-v8cache-${uid}`);
  const cacheFile = path.join(dir, `${path.basename(file)}-${hash.toString(16)}.bin`);
  const ours = (p) => { const s = fs.lstatSync(p); return (uid < 0 || s.uid === uid) && (s.mode & 0o022) === 0; };
  let cachedData;
  try {
    if (ours(dir) && ours(cacheFile)) {
      const stored = fs.readFileSync(cacheFile);
      if (stored.length > key.length && stored.subarray(0, key.length).equals(key)) cachedData = stored.subarray(key.length);
    }
  } catch { /* no cache yet */ }
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  if (!cachedData || script.cachedDataRejected) {
    // After the command ran, so the functions it compiled are in the cache too.
    process.once('exit', () => {
      try {
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
        if (!ours(dir)) return;
        const temporary = `${cacheFile}.${process.pid}`;
        fs.writeFileSync(temporary, Buffer.concat([key, script.createCachedData()]), { mode: 0o600 });
        fs.renameSync(temporary, cacheFile);
      } catch { /* a read-only or full temporary directory: the next run compiles again */ }
    });
  }
  return mod.exports;
}

const cli = process.env.ANIMSCOPE_NO_CODE_CACHE ? require(entry) : requireWithCodeCache(entry);
cli.main(process.argv.slice(2));
