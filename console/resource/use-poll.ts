// The views' one polling hook lives with the kit's shared React code, so widgets use the same one
// (shared/element/use-poll.ts: nothing polls in a hidden tab or during a token refresh).
export { usePoll, type PollOptions } from '../../shared/element/use-poll.ts';
