// Pirates & Perroquets on a replay page: the board as `referee show --format svg`
// draws it (the picture comes with the position), then the holds and the last round
// as the referee worked it out.
REFEREE_RENDERERS["perroquets"] = function (view, h) {
  let status;
  if (view.over) status = `game over: ended ${h.text(view.end || "")}`;
  else if (view.next) status = `${h.text(view.next)} to play`;
  else status = h.text(view.phase);
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
