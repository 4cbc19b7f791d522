// Corsari's position on a replay page: the quay with its exposed card and the
// home-port colour, the hands where known, the crews raised, the penalty piles.
REFEREE_RENDERERS["corsari"] = function (view, h) {
  const cards = (list) => list.map((card) => h.card(card)).join(" ");
  const current = view.current;
  let status;
  if (view.over) status = `game over: ${h.text(view.end || "")}`;
  else if (view.next) status = `${h.text(view.next)} to play`;
  else status = "between rounds";
  let html = `<p class="status">Round ${view.round} · ${view.turns} entr${view.turns === 1 ? "y" : "ies"} · ${status}</p>`;
  html += `<p class="meta">Penalty cards in all ${view.penalty_total} (35 bring one more round)` +
    (view.extra_round && !view.over ? " · the extra round is being played" : "") + "</p>";
  if (current) {
    html += `<h3>Round ${current.number}</h3><p class="meta">first player ${h.text(current.first)} · deck ${current.deck} · ` +
      `discard pile ${current.pile}${current.pile_top ? " (top " + h.card(current.pile_top) + ")" : ""} · ` +
      (current.deal_known ? "deal known" : "deal not given") + "</p>";
    html += `<div class="quay"><b>Quay</b> ${cards(current.quay) || "-"}` +
      (current.port ? ` · home port <span class="port c-${h.text(current.port)}">${h.text(current.port)}</span>` +
        (current.port_fixed ? " (fixed)" : "") : "") + "</div>";
    if (current.void) html += "<p class=\"warn\">The round is void: the last quay card was taken.</p>";
    html += "<h3>Hands</h3><table class=\"grid\">";
    for (const [player, hand] of Object.entries(current.hands)) {
      const unknown = hand.unknown ? ` <span class="small">${hand.known.length ? "+ " : ""}${hand.unknown} unknown</span>` : "";
      html += `<tr><th>${h.text(player)}</th><td class="num">${hand.size} card${hand.size === 1 ? "" : "s"}</td><td>${cards(hand.known)}${unknown}</td></tr>`;
    }
    html += "</table>";
    if (current.fastest) {
      html += `<h3>Raised anchor</h3><p class="meta">fastest captain ${h.text(current.fastest)}</p><table class="grid">` +
        "<tr><th></th><th>crew</th><th>dismissed</th><th>stowaways</th><th>total</th></tr>";
      for (const [player, split] of Object.entries(current.splits)) {
        html += `<tr><th>${h.text(player)}</th><td>${cards(split.crew) || "-"}</td><td>${cards(split.dismissed) || "-"}</td>` +
          `<td>${cards(split.stowaways) || "-"}</td><td class="num">${split.total}</td></tr>`;
      }
      html += "</table>";
    }
  }
  html += "<h3>Penalty piles</h3><table class=\"grid\"><tr><th></th><th>cards</th><th>pile</th></tr>";
  for (const [player, pile] of Object.entries(view.penalty)) {
    html += `<tr><th>${h.text(player)}</th><td class="num">${pile.length}</td><td>${cards(pile) || "-"}</td></tr>`;
  }
  html += "</table><p class=\"small\">The fewest penalty cards win.</p>";
  return html;
};
