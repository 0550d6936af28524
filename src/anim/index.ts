/** Sampling: track evaluation, loop modes, texture matrices. Pure: no `vscode`, no DOM. */
export { Curve, CurvePost, KEY_STRIDE, evaluateCurve, evaluateRaw, finish, hermite, sampleCurveInto } from './curve';
export { snapTruncate, SNAP_EPSILON } from './quantize';
export { rotationScale, rawRotationToDegrees, degreesToRadians } from './rotation';
export { quantizeKonstant, quantizeRegister, KONSTANT_MAX, KONSTANT_MIN, REGISTER_MAX, REGISTER_MIN } from './color';
export { compileJ3DTrack, keyStride } from './j3dTrack';
export type { J3DChannel, J3DChannelOptions } from './j3dTrack';
export { compileMotnTrack, readMotnKey, MOTN_FPS } from './motnTrack';
export type { MotnKeyReading } from './motnTrack';
export { textureMatrix, writeTextureMatrix, MATRIX_ELEMENTS } from './texmtx';
export type { MatrixElement, TexSrt } from './texmtx';
export { loopModeName, mapLoopTime, playbackFrame } from './loop';
export type { LoopModeName } from './loop';
export { describeTracks, planTracks } from './describe';
export { evaluatePlanned } from './tracks';
export type { PlannedTrack } from './tracks';
export type { DescribedTrack, DescribedKey, KeyList, TrackUnit } from './describe';
export { j3dAnimationName, sampleFile, sampleStream, SampleError, SampleLimitError, DEFAULT_MAX_SAMPLES } from './sample';
export type { SampledAnimation, SampledTrack, SampleOptions, SampleResult } from './sample';
