/**
 * The public forms' proof-of-work solver (decision 0051), in a Web Worker so the tries never
 * hold up the page: it is sent a challenge, it answers the number that solves it (or null).
 */
import { solveChallenge, type FormChallenge } from "@common/form-proof";

addEventListener("message", (event: MessageEvent<FormChallenge>) => {
  postMessage(solveChallenge(event.data));
});
