/** The page receives the host's editing messages through isHostToWebview (webview/main.ts handles them). */
import * as assert from 'assert';
import { isHostToWebview, msg, PROTOCOL_VERSION } from '../../../src/wire/protocol';

describe('protocol: editResult and editState reach the page', () => {
  it('are host-to-webview messages when well formed, and refused when not', () => {
    assert.ok(isHostToWebview(msg.editResult(3, false, 'duration (s16): 40000 is out of range')));
    assert.ok(isHostToWebview(msg.editState({ editable: true, dirty: true, keyEdits: false })));
    assert.equal(isHostToWebview({ type: 'editResult', version: PROTOCOL_VERSION, requestId: 3, ok: 'no' }), false);
    assert.equal(isHostToWebview({ type: 'editState', version: PROTOCOL_VERSION, editable: true, dirty: false }), false, 'keyEdits missing');
    assert.equal(isHostToWebview({ ...msg.editState({ editable: true, dirty: false, keyEdits: true }), version: PROTOCOL_VERSION - 1 }), false);
  });
});
