// The board click layer: on the person's turn every element of the picture whose id is a
// legal step's target (table.targets, from Game.step_target) is highlighted and playable
// by click, Enter or Space; one step plays at once, several open a small menu in words.
// Steps without a target stay in the button list below the board.
"use strict";

function markTargets(table) {
  const board = document.getElementById("board");
  const svg = board.querySelector("svg");
  closeTargetMenu();
  if (!svg || !table.targets) return;
  for (const [id, steps] of Object.entries(table.targets)) {
    const node = svg.getElementById ? svg.getElementById(id) : svg.querySelector(`#${CSS.escape(id)}`);
    if (!node) continue;
    node.classList.add("target");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", steps.map((s) => s.words).join(" / "));
    node.dataset.steps = steps.map((s) => s.step).join(" ");
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = steps.map((s) => `${s.words} (${s.move})`).join("\n");
    node.prepend(title);
    const choose = (event) => {
      event.preventDefault();
      event.stopPropagation();
      if (steps.length === 1) act({ action: "play", step: steps[0].step });
      else openTargetMenu(node, steps);
    };
    node.addEventListener("click", choose);
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") choose(event);
    });
  }
}

function closeTargetMenu() {
  const old = document.getElementById("target-menu");
  if (old) old.remove();
}

function openTargetMenu(node, steps) {
  closeTargetMenu();
  const menu = document.createElement("div");
  menu.id = "target-menu";
  menu.setAttribute("role", "menu");
  for (const s of steps) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "target-step";
    button.dataset.step = s.step;
    button.title = s.move;
    button.textContent = s.words;
    button.addEventListener("click", () => { closeTargetMenu(); act({ action: "play", step: s.step }); });
    menu.append(button);
  }
  const box = node.getBoundingClientRect();
  menu.style.left = `${window.scrollX + box.left}px`;
  menu.style.top = `${window.scrollY + box.bottom}px`;
  document.body.append(menu);
  menu.querySelector("button").focus();
}
