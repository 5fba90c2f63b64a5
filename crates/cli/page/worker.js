// The page's worker: an agent thinks here, a position is analysed here, and the rule editor's
// text is checked here, so the page never freezes. It answers each message with the same id.
import init, { think, check, analyse } from './pkg/hetproba_web.js';

const ready = init();

onmessage = async (e) => {
  await ready;
  const { id, request } = e.data;
  if (request) {
    const answer = think(request, (p) => postMessage({ id, progress: JSON.parse(p) }));
    postMessage({ id, answer: JSON.parse(answer) });
  } else if (e.data.analyse) {
    const { request: game, plies, ms } = e.data.analyse;
    const analysis = analyse(game, plies, ms, (p) => postMessage({ id, progress: JSON.parse(p) }));
    postMessage({ id, analysis: JSON.parse(analysis) });
  } else if (e.data.check) {
    postMessage({ id, checked: JSON.parse(check(e.data.check.name, e.data.check.text, e.data.check.lang)) });
  }
};
