import { strict as assert } from 'assert';
import { PendingRequests } from '../../../src/wire/requests';

describe('requests waiting for an answer (src/wire/requests.ts)', () => {
  it('each request gets its own id; an answer settles only its request, once', async () => {
    const requests = new PendingRequests<string>();
    const sent: number[] = [];
    const a = requests.ask((id) => sent.push(id));
    const b = requests.ask((id) => sent.push(id));
    assert.equal(new Set(sent).size, 2);
    assert.equal(requests.answer(sent[1], 'second'), true);
    assert.equal(requests.answer(sent[1], 'again'), false, 'answered already');
    assert.equal(requests.answer(999, 'stranger'), false, 'never asked');
    assert.equal(requests.answer(sent[0], 'first'), true);
    assert.deepStrictEqual(await Promise.all([a, b]), ['first', 'second']);
    assert.equal(requests.size, 0);
  });
});
