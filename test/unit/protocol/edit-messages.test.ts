/** The editing messages (src/wire/protocol.ts, /work/notes/edit-protocol.md) are checked like every other message. */
import { strict as assert } from 'assert';
import { isHostEditMessage, isHostToWebview, isWebviewToHost, MAX_EDITS_PER_MESSAGE, msg, PROTOCOL_VERSION } from '../../../src/wire/protocol';

const edit = (edits: unknown[], label = 'Edit ANK1/duration'): unknown => ({ type: 'edit', version: PROTOCOL_VERSION, requestId: 1, label, edits });

describe('protocol: editing messages', () => {
  it('accepts every kind of edit request the contract names', () => {
    assert.ok(isWebviewToHost(msg.edit(3, 'Move key 3 of Joint 1 rotation.y', [
      { kind: 'field', path: 'ANK1/duration', value: 60 },
      { kind: 'field', path: 'header/type', value: 'bck1' },
      { kind: 'key', group: 1, track: 4, key: 3, value: 12.5 },
      { kind: 'key', group: 1, track: 4, key: 3, frame: 2, value: 1, inSlope: 0, outSlope: -1 },
      { kind: 'addKey', group: 0, track: 0, frame: 3, value: 1 },
      { kind: 'deleteKey', group: 0, track: 0, key: 0 },
      { kind: 'interpolation', group: 0, track: 0, to: 'step' },
    ])));
  });

  it('refuses malformed edits', () => {
    const bad: unknown[] = [
      { kind: 'field', path: 'ANK1/duration', value: NaN },
      { kind: 'field', path: 'ANK1/duration', value: null },
      { kind: 'key', group: -1, track: 0, key: 0 },
      { kind: 'key', group: 0, track: 0, key: 1.5 },
      { kind: 'key', group: 0, track: 0, key: 0, value: Infinity },
      { kind: 'addKey', group: 0, track: 0, frame: 1 },
      { kind: 'interpolation', group: 0, track: 0, to: 'linear' },
      { kind: 'rename', group: 0 },
      'field',
    ];
    for (const e of bad) assert.equal(isWebviewToHost(edit([e])), false, JSON.stringify(e));
    assert.equal(isWebviewToHost(edit([])), false, 'no edits');
    const many = Array.from({ length: MAX_EDITS_PER_MESSAGE + 1 }, () => ({ kind: 'deleteKey', group: 0, track: 0, key: 0 }));
    assert.equal(isWebviewToHost(edit(many)), false, 'too many edits');
    assert.equal(isWebviewToHost(edit([{ kind: 'deleteKey', group: 0, track: 0, key: 0 }], 'x'.repeat(201))), false, 'label too long');
  });

  it('editResult and editState from the host; keepView on a load', () => {
    assert.ok(isHostEditMessage(msg.editResult(1, true)));
    assert.ok(isHostEditMessage(msg.editResult(1, false, 'ANK1/duration (s16): 40000 does not fit')));
    assert.ok(isHostEditMessage(msg.editState({ editable: false, reason: 'read-only', dirty: false, keyEdits: false })));
    assert.equal(isHostEditMessage({ type: 'editState', version: PROTOCOL_VERSION, editable: 'yes', dirty: false, keyEdits: false }), false);
    assert.equal(isHostEditMessage({ type: 'editResult', version: PROTOCOL_VERSION, requestId: -1, ok: true }), false);
    const load = msg.load({} as never, { frameRate: 30 }, true);
    assert.equal(load.keepView, true);
    assert.equal(isHostToWebview({ ...load, keepView: false }), false);
  });
});
