// Korsar's position on a replay page: the table (each galleon with its forces and
// who holds it), the hands as far as the log lets them be known, the deck, the loot.
REFEREE_RENDERERS["korsar"] = function (view, h) {
  const cards = (list) => list.map((card) => h.card(card)).join(" ");
  const status = view.over ? "game over" : (view.turns === 0 ? "before the first turn" : `${h.text(view.next)} to play`);
  let html = `<p class="status">Round ${view.round} · ${view.turns} turn${view.turns === 1 ? "" : "s"} · ${status}</p>`;
  html += `<p class="meta">Deck ${view.deck} · out of the game ${view.out_of_game} · ` +
    (view.deal_known ? "deal known" : "deal not given: hands partly unknown") +
    (view.last_chased ? ` · last turn chased ${h.card(view.last_chased)}` : "") + "</p>";
  html += "<h3>Table</h3>";
  if (!view.table.length) html += "<p class=\"empty\">no galleon on the table</p>";
  html += "<div class=\"galleons\">";
  for (const galleon of view.table) {
    const holder = galleon.controlled_by ? h.text(galleon.controlled_by) : "nobody (tie)";
    const forces = [...galleon.forces].sort((a, b) => b.strength - a.strength);
    html += `<div class="galleon${galleon.controlled_by ? "" : " tied"}">` +
      `<div class="galleon-head">${h.card("$" + galleon.value)} <b>${h.text(galleon.galleon)}</b></div>` +
      `<div class="small">placed by ${h.text(galleon.placed_by)}, round ${galleon.round}</div>` +
      `<div class="holder">held by <b>${holder}</b></div><table class="forces">`;
    for (const force of forces) {
      html += `<tr><td>${h.text(force.side)}</td><td>${cards(force.cards)}</td><td class="num">${force.strength}</td></tr>`;
    }
    if (galleon.character) {
      html += `<tr><td>${h.text(galleon.character.side)}</td><td>${h.card(galleon.character.card)}</td><td class="num">character</td></tr>`;
    }
    if (!forces.length && !galleon.character) html += "<tr><td colspan=\"3\" class=\"small\">unattacked</td></tr>";
    html += "</table></div>";
  }
  html += "</div><h3>Hands</h3><table class=\"grid\">";
  for (const [player, hand] of Object.entries(view.hands)) {
    const unknown = hand.unknown ? ` <span class="small">${hand.known.length ? "+ " : ""}${hand.unknown} unknown</span>` : "";
    html += `<tr><th>${h.text(player)}</th><td class="num">${hand.size} card${hand.size === 1 ? "" : "s"}</td><td>${cards(hand.known)}${unknown}</td></tr>`;
  }
  html += "</table><h3>Loot and score</h3><table class=\"grid\"><tr><th>side</th><th>gold</th><th>galleons</th><th>" +
    (view.over ? "score" : "score so far") + "</th></tr>";
  for (const [side, values] of Object.entries(view.loot)) {
    const gold = values.reduce((a, b) => a + b, 0);
    const score = view.score[side];
    html += `<tr><th>${h.text(side)}</th><td class="num">${gold}</td><td>${values.join(" + ") || "-"}</td>` +
      `<td class="num">${score === null ? "?" : score}</td></tr>`;
  }
  html += "</table>";
  if (!view.over) html += "<p class=\"small\">Loot counts the galleons taken; the score adds what the end of the game sweeps, so it is known only at the end.</p>";
  return html;
};
