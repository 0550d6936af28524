/**
 * Issue 26, item 1 (page side): the page's message check refuses only what it cannot show; one bad
 * diagnostic (offset −1, as the host once sent for mogu-truncated-11520.bdl), one bad model
 * diagnostic or a bound model it cannot use is repaired or left out, with a visible note.
 */
import { strict as assert } from 'assert';
import type { Diagnostic } from '../../../src/formats/binary/diagnostics';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decode } from '../../../src/formats/index';
import { decodeModel } from '../../../src/formats/model/model';
import { summarize } from '../../../src/kinds/summary';
import { bindModel } from '../../../src/extension/model/binding';
import { loadedFileOf } from '../../../src/wire/loadedFile';
import { isHostToWebview, LoadedFile, msg } from '../../../src/wire/protocol';
import { isArchiveListing } from '../../../src/wire/archiveProtocol';
import { readSample } from '../helpers';
import { readHostile } from '../hostile/files';

const SETTINGS = { frameRate: 30 };

/** What the page receives: the message after structured clone, checked by the page's validator. */
function received(file: LoadedFile): { accepted: boolean; file: LoadedFile } {
  const m = structuredClone(msg.load(file, SETTINGS));
  return { accepted: isHostToWebview(m), file: m.file };
}

function bckLoad(diagnostics: Diagnostic[]): LoadedFile {
  const host = decode(readSample('j3d/smg/TripodBossCore/2ndDemo.bck'), '2ndDemo.bck');
  return { ...loadedFileOf(host, { fileByteLength: host.bytes.length, summary: summarize(host) }), diagnostics };
}

const diag = (offset: number, code = 'MDL_INVERSE_BIND'): Diagnostic => ({ severity: 'info', code, offset, length: 0x40, message: `at ${offset}` });

describe('the load message: repaired item by item, never refused over one bad value', () => {
  it('a diagnostic with offset −1 (what the host sent for mogu-truncated-11520.bdl): the load is shown, the diagnostic at 0, with a note', () => {
    const sink = new DiagnosticSink();
    const bytes = readHostile('mogu-truncated-11520.bdl');
    decodeModel(bytes, sink);
    const good = sink.finish();
    const host = decode(bytes, 'mogu-truncated-11520.bdl');
    const file = { ...loadedFileOf(host, { fileByteLength: bytes.length }), diagnostics: [...good, diag(-1)] };
    const r = received(file);
    assert.ok(r.accepted);
    assert.deepStrictEqual(r.file.diagnostics.slice(0, good.length), good, 'the good ones unchanged');
    const [fixed, note] = r.file.diagnostics.slice(good.length);
    assert.deepStrictEqual([fixed.code, fixed.offset, fixed.message], ['MDL_INVERSE_BIND', 0, 'at -1 [sent with offset -1]']);
    assert.deepStrictEqual([note.code, note.severity, r.file.diagnostics.length], ['DIAGNOSTIC_REPAIRED', 'warning', good.length + 2]);
    assert.match(note.message, /1 repaired/);
  });

  it('an offset past the file (0xFF0000F8) is moved to the end of the file, not refused', () => {
    const file = bckLoad([diag(0xFF0000F8, 'TRUNCATED'), diag(4, 'J3D_TYPE')]);
    const r = received(file);
    assert.ok(r.accepted);
    // 2ndDemo.bck is 480 bytes
    assert.deepStrictEqual(r.file.diagnostics.map((d) => [d.code, d.offset]), [['TRUNCATED', 480], ['J3D_TYPE', 4], ['DIAGNOSTIC_REPAIRED', 0]]);
  });

  it('one without a message, one not an object, one with an unknown severity: two left out, one repaired, the rest shown', () => {
    const bad = [{ severity: 'error', code: 'X', offset: 0, length: 0 }, 7, { ...diag(8), severity: 'fatal' }] as unknown as Diagnostic[];
    const r = received(bckLoad([diag(2), ...bad]));
    assert.ok(r.accepted);
    assert.deepStrictEqual(r.file.diagnostics.map((d) => [d.code, d.severity]), [['MDL_INVERSE_BIND', 'info'], ['MDL_INVERSE_BIND', 'warning'], ['DIAGNOSTIC_REPAIRED', 'warning']]);
    assert.match(r.file.diagnostics[2].message, /3 of 4 .* 1 repaired .* 2 without a code or message/);
  });

  it('a valid load passes unchanged (no note)', () => {
    const file = bckLoad([diag(2)]);
    const r = received(file);
    assert.ok(r.accepted);
    assert.deepStrictEqual(r.file.diagnostics, [diag(2)]);
  });

  it('an animation bound to a model whose own diagnostics hold offset −1: the model stays, its diagnostic repaired', () => {
    const host = decode(readSample('j3d/smg/TripodBossCore/2ndDemo.bck'), '2ndDemo.bck');
    const model = decodeModel(readHostile('mogu-truncated-11520.bdl'), new DiagnosticSink()).model;
    assert.ok(model);
    const info = bindModel(host, model, 'mogu-truncated-11520.bdl', 'folder', [diag(0x2D00), diag(-1)]).info;
    const r = received(loadedFileOf(host, { fileByteLength: host.bytes.length, model: info }));
    assert.ok(r.accepted);
    assert.equal(r.file.model?.fileName, 'mogu-truncated-11520.bdl');
    assert.deepStrictEqual(r.file.model?.fileDiagnostics?.map((d) => [d.code, d.offset]), [['MDL_INVERSE_BIND', 0x2D00], ['MDL_INVERSE_BIND', 0], ['DIAGNOSTIC_REPAIRED', 0]]);
  });

  it('a bound model the page cannot use (a joint with a parent out of range) is left out with a note; the load is shown', () => {
    const host = decode(readSample('j3d/smg/TripodBossCore/2ndDemo.bck'), '2ndDemo.bck');
    const model = decodeModel(readHostile('mogu-truncated-11520.bdl'), new DiagnosticSink()).model;
    assert.ok(model);
    const info = bindModel(host, model, 'mogu-truncated-11520.bdl', 'folder').info;
    info.joints[0] = { ...info.joints[0], parent: 99 };
    const r = received(loadedFileOf(host, { fileByteLength: host.bytes.length, model: info }));
    assert.ok(r.accepted);
    assert.equal(r.file.model, undefined);
    assert.match(r.file.modelError ?? '', /mogu-truncated-11520\.bdl arrived in a form the page cannot show/);
  });

  it('still refused: a load without its bytes or field tree (nothing could be shown)', () => {
    const file = bckLoad([]);
    assert.ok(!isHostToWebview(structuredClone(msg.load({ ...file, bytes: [1, 2] as unknown as Uint8Array }, SETTINGS))));
    assert.ok(!isHostToWebview(structuredClone(msg.load({ ...file, tree: {} as LoadedFile['tree'] }, SETTINGS))));
    assert.ok(!isHostToWebview(structuredClone(msg.load({ ...file, diagnostics: 5 as unknown as Diagnostic[] }, SETTINGS))));
  });

  it('the archive listing: one bad diagnostic of a level is repaired, the listing shown', () => {
    const level = {
      path: '', depth: 0, kind: 'rarc', container: 'none', byteLength: 64, entryCount: 0, isArchive: true,
      diagnostics: [diag(-1, 'ARC_BAD_OFFSET')],
    };
    const listing = { fileName: 'a.arc', fileByteLength: 64, truncated: 0, lessTested: false, hexEditor: false, levels: [level], rows: [] };
    assert.ok(isArchiveListing(listing));
    assert.deepStrictEqual(listing.levels[0].diagnostics.map((d) => [d.code, d.offset]), [['ARC_BAD_OFFSET', 0], ['DIAGNOSTIC_REPAIRED', 0]]);
  });
});
