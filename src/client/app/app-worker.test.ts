import { describe, expect, it } from "vitest";
import { signal } from "@/client/lib/app-signals";
import { followUpdates, SKIP_WAITING } from "./app-worker";

/** A service worker as the page sees it: its state, and the messages the page sent it. */
class StandInWorker extends EventTarget {
  messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

class StandInRegistration extends EventTarget {
  installing: StandInWorker | null = null;
  waiting: StandInWorker | null = null;
  /** The browser found a new version and installs it. */
  found(worker: StandInWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event("updatefound"));
  }
}

class StandInContainer extends EventTarget {
  constructor(public controller: StandInWorker | null) {
    super();
  }
  takenOverBy(worker: StandInWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event("controllerchange"));
  }
}

/** The page with its worker: what it offers and how many times it reloaded. */
function page(controller: StandInWorker | null) {
  const container = new StandInContainer(controller);
  const registration = new StandInRegistration();
  const offer = signal<(() => void) | null>(null);
  const seen = { reloads: 0 };
  const registered = followUpdates(container, offer, () => {
    seen.reloads += 1;
  });
  return { container, registration, offer, seen, registered: () => registered(registration) };
}

describe("a new version of the app, as the page follows it", () => {
  it("offers nothing when the first version installs and takes over the page", () => {
    const { container, registration, offer, seen, registered } = page(null);
    registered();
    const first = new StandInWorker("installing");
    registration.found(first);
    first.become("installed");
    first.become("activated");
    container.takenOverBy(first);
    expect(offer.get()).toBeNull();
    expect(seen.reloads).toBe(0);
  });

  it("offers a version that installs and waits, and reloads only once Reload applied it", () => {
    const current = new StandInWorker("activated");
    const { container, registration, offer, seen, registered } = page(current);
    registered();
    const next = new StandInWorker("installing");
    registration.found(next);
    expect(offer.get()).toBeNull();
    next.become("installed");
    const apply = offer.get();
    expect(apply).toBeTypeOf("function");
    // Waiting: nothing is sent to it and nothing reloads until the person taps Reload.
    expect(next.messages).toEqual([]);
    expect(seen.reloads).toBe(0);

    apply!();
    expect(next.messages).toEqual([SKIP_WAITING]);
    expect(seen.reloads).toBe(0);
    next.become("activated");
    container.takenOverBy(next);
    expect(seen.reloads).toBe(1);
  });

  it("offers a version already waiting when the page opens", () => {
    const current = new StandInWorker("activated");
    const { registration, offer, registered } = page(current);
    registration.waiting = new StandInWorker("installed");
    registered();
    offer.get()!();
    expect(registration.waiting.messages).toEqual([SKIP_WAITING]);
  });

  it("does not reload when another tab applied the new version: it offers Reload instead", () => {
    const current = new StandInWorker("activated");
    const { container, registration, offer, seen, registered } = page(current);
    registered();
    const next = new StandInWorker("installing");
    registration.found(next);
    next.become("installed");
    next.become("activated");
    container.takenOverBy(next);
    expect(seen.reloads).toBe(0);
    offer.get()!();
    expect(seen.reloads).toBe(1);
    expect(next.messages).toEqual([]);
  });

  it("withdraws the offer of a version that a newer one replaced", () => {
    const current = new StandInWorker("activated");
    const { registration, offer, registered } = page(current);
    registered();
    const next = new StandInWorker("installing");
    registration.found(next);
    next.become("installed");
    next.become("redundant");
    expect(offer.get()).toBeNull();
  });
});
