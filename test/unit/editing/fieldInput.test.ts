/**
 * The structure tree's typed input (issue 28): what a field's stored type lets the user type. The
 * ranges are the types' own (u8 0–255, s16 −32768–32767, f32 up to 3.4028234663852886e38), the text
 * bounds the field's bytes (char[4]: 4; a cstring of 8 bytes: 7 and its terminator).
 */
import { strict as assert } from 'assert';
import { FieldNode, fieldNode } from '../../../src/formats/binary/fields';
import { fieldInputSpec, fieldInputText, parseFieldInput } from '../../../webview/structure/fieldInput';

const field = (type: string, value: number | string, size = 2): FieldNode => Object.assign(fieldNode('f', 0, size, type), { path: 'X/f', value });

function parse(node: FieldNode, text: string): { value: number | string } | { error: string } {
  const spec = fieldInputSpec(node);
  assert.ok(spec, `${node.type} is editable`);
  return parseFieldInput(node, spec, text);
}

describe('structure inline edit: typed input of a field', () => {
  it('integers within their type (decimal or 0x), else the range', () => {
    assert.deepEqual(parse(field('u8', 2, 1), '255'), { value: 255 });
    assert.deepEqual(parse(field('u8', 2, 1), '256'), { error: 'u8: an integer from 0 to 255' });
    assert.deepEqual(parse(field('s16', 89), '-32768'), { value: -32768 });
    assert.deepEqual(parse(field('s16', 89), '0x7FFF'), { value: 32767 });
    assert.deepEqual(parse(field('s16', 89), '32768'), { error: 's16: an integer from -32768 to 32767' });
    assert.deepEqual(parse(field('u32', 0, 4), '1.5'), { error: 'u32: an integer from 0 to 4294967295' });
    assert.deepEqual(parse(field('u16', 0), ''), { error: 'u16: an integer from 0 to 65535' });
  });

  it('floats the type holds; the input starts with the shortest text that reads back the same f32', () => {
    assert.deepEqual(parse(field('f32', 1, 4), '-2.5e3'), { value: -2500 });
    assert.ok('error' in parse(field('f32', 1, 4), '1e39'));
    assert.ok('error' in parse(field('f32', 1, 4), 'NaN'));
    assert.ok('error' in parse(field('f16', 1, 2), '70000'));
    // 0.1 as an f32 is 0.100000001490116…: shown as 0.1
    assert.equal(fieldInputText(field('f32', Math.fround(0.1), 4)), '0.1');
  });

  it('text within the bytes; structures, raw bytes and missing fields are not editable', () => {
    assert.deepEqual(parse(field('char[4]', 'ANK1', 4), 'ANK2'), { value: 'ANK2' });
    assert.deepEqual(parse(field('char[4]', 'ANK1', 4), 'ANK12'), { error: 'char[4] holds at most 4 bytes (this is 5)' });
    assert.deepEqual(parse(field('cstring', 'Walk', 8), 'Walking'), { value: 'Walking' });
    assert.ok('error' in parse(field('cstring', 'Walk', 8), 'Walking!'));
    assert.equal(fieldInputSpec({ ...field('u16', 1), children: [field('u8', 1, 1)] }), undefined);
    assert.equal(fieldInputSpec(Object.assign(fieldNode('b', 0, 4, 'bytes'), { path: 'b' })), undefined);
    assert.equal(fieldInputSpec({ ...field('u16', 1), missing: true }), undefined);
  });
});
