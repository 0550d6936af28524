/** The Disposables holder: everything held is disposed once, last added first; added after disposal, at once. */
import * as assert from 'assert';
import { Disposables } from '../../../src/extension/disposables';

describe('extension: Disposables', () => {
  it('disposes what it holds once, in reverse order, and what is added afterwards at once', () => {
    const order: string[] = [];
    const item = (name: string) => ({ dispose: () => { order.push(name); } });
    const held = new Disposables();
    const a = held.add(item('a'));
    held.push(item('b'), item('c'));
    assert.strictEqual(held.isDisposed, false);
    held.dispose();
    assert.deepStrictEqual(order, ['c', 'b', 'a']);
    held.dispose();
    assert.deepStrictEqual(order, ['c', 'b', 'a'], 'a second dispose disposes nothing again');
    held.add(item('late'));
    assert.deepStrictEqual(order, ['c', 'b', 'a', 'late']);
    assert.ok(held.isDisposed && a);
  });
});
