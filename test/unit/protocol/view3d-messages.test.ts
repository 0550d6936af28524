/** The 3D view's script crosses by message (src/extension/view3dScript.ts → webview/app/view3dLoader.ts). */
import * as assert from 'assert';
import { isHostToWebview, isWebviewToHost, msg, needsView3d, PROTOCOL_VERSION } from '../../../src/wire/protocol';

describe('protocol: the 3D view\'s script', () => {
  it('view3d carries its text or its URL, one of them', () => {
    assert.ok(isHostToWebview(msg.view3d({ code: '(()=>{})();' })));
    assert.ok(isHostToWebview(msg.view3d({ src: 'https://file+.vscode-resource.test/ext/dist/view3d.js' })));
    const v = PROTOCOL_VERSION;
    assert.equal(isHostToWebview({ type: 'view3d', version: v }), false, 'neither');
    assert.equal(isHostToWebview({ type: 'view3d', version: v, code: 'x', src: 'y' }), false, 'both');
    assert.equal(isHostToWebview({ type: 'view3d', version: v, code: 42 }), false);
    assert.equal(isHostToWebview({ type: 'view3d', version: v - 1, code: 'x' }), false);
  });

  it('requestView3d is a page-to-host message', () => {
    assert.ok(isWebviewToHost(msg.requestView3d()));
  });

  it('a load needs it with a model payload or a bound model, not without', () => {
    assert.equal(needsView3d({}), false);
    assert.equal(needsView3d({ modelPayload: {} as never }), true);
    assert.equal(needsView3d({ model: {} as never }), true);
  });
});
