// Pirates of the Spanish Main's position on a replay page: each fleet with its ships
// (masts and cannons, crew, treasure, load against cargo, state), the islands and
// terrain, the forts, and the gold against half the distributed gold; at level 2, first the
// table to scale.
REFEREE_RENDERERS["spanish-main"] = function (view, h) {
  const list = (items) => items.length ? items.map(h.text).join(", ") : "-";
  let status;
  if (view.winner) status = `${h.text(view.winner)} has won`;
  else if (view.stage !== "play") status = `set-up: ${h.text(view.stage)}`;
  else if (!view.player) status = "before turn 1";
  else if (view.turn_over) {
    // after a turn's end the next turn has not begun: its start step comes with its first entry
    const following = Object.keys(view.fleets).find((p) => p !== view.player);
    status = `turn ${view.turn} over: ${h.text(following)} plays turn ${view.turn + 1}`;
  } else status = `turn ${view.turn}, ${h.text(view.player)} to play`;
  let html = `<p class="status">${status}</p>`;
  html += `<p class="meta">distributed gold ${view.distributed}; more than ${view.distributed / 2} wins</p>`;
  // a log that gives positions (level 2): the table to scale, as `referee show --format svg` draws it
  if (h.picture) html += `<div class="board">${h.picture}</div>`;
  for (const [player, ships] of Object.entries(view.fleets)) {
    const gold = view.gold[player];
    html += `<h3>${h.text(player)} · ${gold.total} gold (home ${gold.home})</h3><table class="grid">` +
      "<tr><th>ship</th><th>masts</th><th>move</th><th>load</th><th>crew</th><th>treasure</th><th>state</th></tr>";
    for (const ship of ships) {
      const masts = ship.masts.map((m) => (m.standing ? "" : "<s>") + `${m.mast}:${h.text(m.cannon || "-")}` +
        (m.standing ? "" : "</s>")).join(" ");
      const crew = ship.crew.map((c) => h.text(c.id) + (c.face_up ? "" : " (face down)"));
      html += `<tr><th>${h.text(ship.id)}<br><span class="small">${h.text(ship.name)}</span></th><td>${masts}</td>` +
        `<td>${h.text(ship.move)}</td><td class="num">${ship.load}/${ship.cargo}</td><td>${crew.join(", ") || "-"}</td>` +
        `<td>${list(ship.treasure)}</td><td>${list(ship.state)}</td></tr>`;
    }
    html += "</table>";
  }
  html += "<h3>Islands</h3><table class=\"grid\"><tr><th></th><th></th><th>tokens</th><th>explored by</th><th>crew</th></tr>";
  for (const island of view.islands) {
    const kind = island.home_of ? `home of ${h.text(island.home_of)}` : (island.fort ? `fort ${h.text(island.fort)}` : "wild");
    const tokens = island.tokens.length + island.face_down;
    html += `<tr><th>${h.text(island.name)}</th><td>${kind}</td><td class="num">${tokens}</td>` +
      `<td>${list(island.explored_by)}</td><td>${list(island.crew)}</td></tr>`;
  }
  html += "</table>";
  if (view.terrain.length) {
    html += "<h3>Terrain</h3><p>" + view.terrain.map((t) => `${h.text(t.name)}: ${h.text(t.kind)}` +
      (t.kind === "iceberg" ? ` gold ${t.gold}${t.frozen ? " (frozen)" : ""}` : "") +
      (t.value !== undefined ? `, value ${t.value} this turn` : "")).join(" · ") + "</p>";
  }
  if (view.forts.length) {
    html += "<h3>Forts</h3><p>" + view.forts.map((f) => `${h.text(f.id)} on ${h.text(f.island || "-")}: ` +
      `${h.text(f.state)}, flags ${f.flags.join(",") || "none"}, ${f.gold} gold`).join(" · ") + "</p>";
  }
  return html;
};
