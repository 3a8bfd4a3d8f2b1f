// Part 3 of the conformance suite's sample in npm test (tests/conformance/sample.ts).
import { samplePart } from './sample.ts';

samplePart(2);
