// The board click layer: on the person's turn every element of the picture whose id is a
// legal step's target (table.targets, from Game.step_target) is highlighted and playable
// by click, Enter or Space; one step plays at once, several (amounts, payment choices)
// open a small menu in words (arrow keys move in it, Escape closes it). The legal steps
// without a board element (end the turn, stop brewing) are the turn controls: buttons in
// words beside the board. The grouped list of every step stays below as a fallback.
"use strict";

let targetsLive = false; // false while a play is on its way: one play per table

function markTargets(table) {
  const svg = document.getElementById("board").querySelector("svg");
  closeTargetMenu();
  targetsLive = !play.pending;  // app.js: a bot's streamed table before the last one
  for (const [id, steps] of Object.entries(table.targets || {})) {
    const node = svg && svg.getElementById(id);
    if (node) markTarget(node, steps);
  }
  showTurnControls(svg ? table.controls || [] : []);  // a text table: the list is all
}

function markTarget(node, steps) {
  node.classList.add("target");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-haspopup", steps.length > 1 ? "menu" : "false");
  node.setAttribute("aria-label", steps.map((s) => s.words).join(" / "));
  node.dataset.steps = steps.map((s) => s.step).join(" ");
  for (const old of node.querySelectorAll(":scope > title")) old.remove();
  const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
  title.textContent = steps.map((s) => `${s.words} (${s.move})`).join("\n");
  node.prepend(title);
  const choose = (event) => {
    event.preventDefault();
    event.stopPropagation();
    if (!targetsLive) return;
    if (steps.length === 1) playTarget(steps[0].step);
    else openTargetMenu(node, steps);
  };
  node.addEventListener("click", choose);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") choose(event);
  });
}

// The legal steps no board element plays (table.controls), as buttons in words (not the
// fallback list).
function showTurnControls(steps) {
  const bar = document.getElementById("turn-controls");
  bar.replaceChildren();
  for (const s of steps) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "turn-control";
    button.dataset.step = s.step;
    button.title = s.move;
    button.textContent = s.words;
    button.disabled = !targetsLive;
    button.addEventListener("click", () => playTarget(s.step));
    bar.append(button);
  }
}

function playTarget(step) {
  if (!targetsLive) return;
  closeTargetMenu();
  act({ action: "play", step });
}

// app.js: a play is on its way (pause) or was refused (resume: choose again).
function pauseTargets() {
  targetsLive = false;
  for (const button of document.querySelectorAll("#turn-controls button")) button.disabled = true;
}

function resumeTargets() {
  targetsLive = true;
  for (const button of document.querySelectorAll("#turn-controls button")) button.disabled = false;
}

function closeTargetMenu() {
  const old = document.getElementById("target-menu");
  if (!old) return;
  old.remove();
  if (old.opener && old.opener.isConnected) old.opener.focus();
}

function openTargetMenu(node, steps) {
  closeTargetMenu();
  const menu = document.createElement("div");
  menu.id = "target-menu";
  menu.setAttribute("role", "menu");
  menu.opener = node;
  for (const s of steps) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "target-step";
    button.setAttribute("role", "menuitem");
    button.dataset.step = s.step;
    button.title = s.move;
    button.textContent = s.words;
    button.addEventListener("click", () => playTarget(s.step));
    menu.append(button);
  }
  menu.addEventListener("keydown", (event) => {
    const items = [...menu.querySelectorAll("button")];
    const at = items.indexOf(document.activeElement);
    if (event.key === "Escape") closeTargetMenu();
    else if (event.key === "ArrowDown") items[(at + 1) % items.length].focus();
    else if (event.key === "ArrowUp") items[(at - 1 + items.length) % items.length].focus();
    else return;
    event.preventDefault();
  });
  const box = node.getBoundingClientRect();
  menu.style.left = `${window.scrollX + box.left}px`;
  menu.style.top = `${window.scrollY + box.bottom}px`;
  document.body.append(menu);
  menu.querySelector("button").focus();
}

// A click elsewhere, or Escape anywhere, closes an open menu.
document.addEventListener("click", (event) => {
  const menu = document.getElementById("target-menu");
  if (menu && !menu.contains(event.target)) closeTargetMenu();
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") closeTargetMenu();
});
