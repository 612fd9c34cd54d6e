// One identification round: the agent's errors, the bare error flag, the Pro verdict, and the BotD fallback.
import { describe, expect, it, vi } from "vitest";
import {
  identifyVisitor,
  type IdentifySteps,
} from "../../../../src/providers/identification/identify";

const answer = {
  visitorId: "Xy7qK2mPz9RtLw4Vb1Nc",
  requestId: "1767225600123.Ab3dEf",
  confidence: { score: 0.995 },
  ipLocation: {
    country: { code: "DE", name: "Germany" },
    continent: { code: "EU", name: "Europe" },
  },
};
const proNotBot = {
  ok: true as const,
  bot: { result: "notDetected", bad: false, source: "pro" as const },
  vm: false,
};
const botdBot = { result: "selenium", bad: true, source: "botd" as const };

function steps(overrides: Partial<IdentifySteps> = {}): IdentifySteps {
  return {
    getData: vi.fn(async () => answer),
    verdict: vi.fn(async () => proNotBot),
    botd: vi.fn(async () => botdBot),
    ...overrides,
  };
}

describe("identifyVisitor", () => {
  it("is loaded with the visitor, confidence, location, the Pro bot result and the VM flag", async () => {
    const used = steps({ verdict: vi.fn(async () => ({ ...proNotBot, vm: true })) });
    expect(await identifyVisitor(used)).toEqual({
      status: "loaded",
      visitorId: answer.visitorId,
      requestId: answer.requestId,
      confidence: 0.995,
      ipLocation: {
        continentCode: "EU",
        continentName: "Europe",
        countryCode: "DE",
        countryName: "Germany",
      },
      bot: proNotBot.bot,
      vm: true,
    });
    expect(used.verdict).toHaveBeenCalledWith(answer.requestId);
    expect(used.botd).not.toHaveBeenCalled();
  });

  it("keeps an agent error's own message", async () => {
    const update = await identifyVisitor(
      steps({ getData: vi.fn(async () => Promise.reject(new Error("Client timeout"))) }),
    );
    expect(update).toEqual({ status: "error", error: "Client timeout" });
  });

  it("says 'Unknown error' and the value when something that is not an Error is thrown", async () => {
    const update = await identifyVisitor(
      steps({ getData: vi.fn(async () => Promise.reject({ code: 7 })) }),
    );
    expect(update).toEqual({ status: "error", error: 'Unknown error {"code":7}' });
  });

  it("sets the bare error flag, without a message, when no request id comes back", async () => {
    const used = steps({ getData: vi.fn(async () => ({ visitorId: answer.visitorId })) });
    expect(await identifyVisitor(used)).toEqual({ status: "error" });
    expect(used.verdict).not.toHaveBeenCalled();
  });

  it("falls back to BotD when the Pro verdict is rejected, and keeps why", async () => {
    const update = await identifyVisitor(
      steps({
        verdict: vi.fn(async () => ({
          ok: false as const,
          message: "BotD field is empty",
          vm: false,
        })),
      }),
    );
    expect(update).toMatchObject({
      status: "loaded",
      bot: botdBot,
      botError: "BotD field is empty",
      vm: false,
    });
    expect(update.error).toBeUndefined();
  });

  it("falls back to BotD when the events call throws", async () => {
    const update = await identifyVisitor(
      steps({ verdict: vi.fn(async () => Promise.reject(new Error("internal server error"))) }),
    );
    expect(update).toMatchObject({
      status: "loaded",
      bot: botdBot,
      botError: "internal server error",
    });
  });

  it("is an error with the Pro message when neither source has a bot result", async () => {
    const update = await identifyVisitor(
      steps({
        verdict: vi.fn(async () => ({ ok: false as const, message: "internal server error" })),
        botd: vi.fn(async () => Promise.reject(new Error("blocked"))),
      }),
    );
    expect(update).toMatchObject({
      status: "error",
      visitorId: answer.visitorId,
      error: "internal server error",
      botError: "internal server error",
    });
    expect(update.bot).toBeUndefined();
  });
});
