import { timeLeft } from "~/components/countdown-time";

// docs/product.md §5.4: the countdown (components/countdown.tsx) recomputed every second, zeros once the
// start has passed. Each tick is scheduled for the next whole second of the clock, so the display
// changes exactly when the second does.

const UNITS = ["days", "hours", "minutes", "seconds"] as const;

function render(countdown: HTMLElement, target: number) {
  const left = timeLeft(target, Math.floor(Date.now() / 1000) * 1000);
  for (const unit of UNITS) {
    const cell = countdown.querySelector<HTMLElement>(`[data-countdown-unit="${unit}"]`);
    if (cell) cell.textContent = String(left[unit]).padStart(2, "0");
  }
  const timer = countdown.querySelector<HTMLElement>('[role="timer"]');
  if (timer) timer.dataset.state = left.done ? "done" : "running";
  const label = countdown.querySelector<HTMLElement>("[data-countdown-label]");
  if (label) {
    label.textContent = (left.done ? label.dataset.countdownDoneLabel : label.dataset.countdownLabel) ?? label.textContent;
  }
}

export function initCountdowns(root: ParentNode): void {
  for (const countdown of root.querySelectorAll<HTMLElement>("[data-countdown]")) {
    const target = Date.parse(countdown.dataset.target ?? "");
    if (Number.isNaN(target)) continue;
    const tick = () => {
      render(countdown, target);
      window.setTimeout(tick, 1000 - (Date.now() % 1000));
    };
    tick();
  }
}
