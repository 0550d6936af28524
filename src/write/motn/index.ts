/** The MOTN writer: a keys form laid out the way motion.bin is (docs/writing.md, "MOTN"). */
export { buildMotnFromKeys } from './layout';
