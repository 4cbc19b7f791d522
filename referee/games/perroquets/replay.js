// Pirates & Perroquets on a replay page: the board as `referee show --format svg`
// draws it (the picture comes with the position), then the holds and the last round
// as the referee worked it out.
// The phases in words, as the picture and `referee show` say them (view.py's PHASES).
const PERROQUETS_PHASES = {
  ships: "set-up: the ships are placed", waves: "set-up: the first parrots are placed",
  done: "set-up done; round 1 comes next", place: "phase 1 of 6: new parrots", wind: "phase 2 of 6: the wind",
  draw: "phase 3 of 6: the draws", decide: "phase 4 of 6: reveal and decisions",
  after: "round played: parrots flew, ships sailed", over: "the game is over",
};

REFEREE_RENDERERS["perroquets"] = function (view, h) {
  let status;
  const phase = h.text(PERROQUETS_PHASES[view.phase] || view.phase);
  if (view.over) status = `game over: ended ${h.text(view.end || "")}`;
  else if (view.next) status = `${phase} · ${h.text(view.next)} to play`;
  else status = phase;
  let html = `<p class="status">Round ${view.round} · first player ${h.text(view.first)} · ${status}</p>`;
  if (view.data.reconstructed) {
    html += `<p class="meta">board ${h.text(view.data.id)}: reconstructed, plausible, not the publisher's</p>`;
  }
  html += `<div class="board">${h.picture}</div>`;
  html += "<h3>Holds</h3><table class=\"grid\">";
  for (const [player, hold] of Object.entries(view.holds)) {
    html += `<tr><th>${h.text(player)}</th><td class="num">${hold.count}</td>` +
      `<td class="small">${hold.values.join(" ")}</td></tr>`;
  }
  html += "</table>";
  if (view.last_round) {
    html += `<h3>Round ${view.last_round.number} as the referee worked it out</h3><pre>` +
      view.last_round.account.map((line) => h.text(line)).join("\n") + "</pre>";
  }
  return html;
};
