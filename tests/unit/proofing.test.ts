// Proofing's rules (records 080, 081): how many a link asks for, when a selection can be sent, the refusal codes a
// plain form's address carries, the mail queue's retry schedule, the SMTP settings and the owner's message.
import { describe, expect, it } from "vitest";
import {
  chosenText,
  heartRefusal,
  ruleText,
  selectionRefusal,
  selectionState,
  sendRefusal,
  withSelectionRefusal,
} from "~/lib/selection";
import { afterFailure, MAX_ATTEMPTS, retryDelayMs } from "~/server/notify/mail-queue.server";
import { ownerMail } from "~/server/notify/owner-mail.server";
import { parseConfig } from "~/server/core/config.server";

const upTo3 = { count: 3, exactly: false };
const exactly2 = { count: 2, exactly: true };

describe("a link's number to choose", () => {
  it("reads as the client sees it", () => {
    expect(ruleText(upTo3)).toBe("Choose up to 3 photos");
    expect(ruleText({ count: 1, exactly: true })).toBe("Choose exactly 1 photo");
    expect(chosenText(2, upTo3)).toBe("2 of 3 chosen");
  });

  it("refuses a heart past the number, up to or exactly, and none without one", () => {
    expect(heartRefusal(2, upTo3)).toBeNull();
    expect(heartRefusal(3, upTo3)).toBe("You can choose up to 3 photos. Take the heart off another photo first.");
    expect(heartRefusal(2, exactly2)).toMatch(/^You can choose exactly 2 photos\./);
    expect(heartRefusal(500, null)).toBeNull();
  });

  it("sends exactly the number asked, at most the ceiling, and never nothing", () => {
    expect(sendRefusal(1, exactly2)).toBe("Choose exactly 2 photos before sending: you have chosen 1.");
    expect(sendRefusal(3, exactly2)).toMatch(/^Choose exactly 2 photos/);
    expect(sendRefusal(2, exactly2)).toBeNull();
    expect(sendRefusal(1, upTo3)).toBeNull();
    expect(sendRefusal(4, upTo3)).toBe("Choose at most 3 photos before sending.");
    expect(sendRefusal(0, null)).toBe("Mark at least one favourite before sending your selection.");
    expect(sendRefusal(0, upTo3)).not.toBeNull();
  });

  it("tells choosing, sent and reopened apart", () => {
    expect(selectionState({ sentAt: null, reopenedAt: null })).toBe("choosing");
    expect(selectionState({ sentAt: new Date(), reopenedAt: new Date() })).toBe("sent");
    expect(selectionState({ sentAt: null, reopenedAt: new Date() })).toBe("reopened");
  });
});

describe("a refusal in the address", () => {
  it("takes only its own codes", () => {
    expect(selectionRefusal("limit")).toBe("limit");
    expect(selectionRefusal("<script>")).toBeNull();
    expect(selectionRefusal(null)).toBeNull();
  });

  it("replaces the last one and keeps the path's query and fragment", () => {
    expect(withSelectionRefusal("/photography/albums/a?image=4#image-4", "limit")).toBe(
      "/photography/albums/a?image=4&selection=limit#image-4",
    );
    expect(withSelectionRefusal("/photography/albums/a?selection=limit&only=favourites", "count")).toBe(
      "/photography/albums/a?only=favourites&selection=count",
    );
    expect(withSelectionRefusal("/photography/albums/a?selection=limit", null)).toBe("/photography/albums/a");
  });
});

describe("the mail queue's retries", () => {
  it("wait 1, 2, 4 … minutes, at most two hours", () => {
    const minutes = Array.from({ length: 9 }, (_, i) => retryDelayMs(i + 1) / 60_000);
    expect(minutes).toEqual([1, 2, 4, 8, 16, 32, 64, 120, 120]);
  });

  it(`give up after ${MAX_ATTEMPTS} attempts`, () => {
    const now = new Date("2026-11-29T12:00:00Z");
    expect(afterFailure(1, now)).toEqual({ status: "queued", nextAttemptAt: new Date("2026-11-29T12:01:00Z") });
    expect(afterFailure(MAX_ATTEMPTS - 1, now).status).toBe("queued");
    expect(afterFailure(MAX_ATTEMPTS, now)).toEqual({ status: "failed", nextAttemptAt: now });
  });
});

describe("the SMTP settings", () => {
  it("send nothing unless SMTP_URL is set, and to SMTP_FROM unless SMTP_TO says otherwise", () => {
    expect(parseConfig({}).mail).toBeUndefined();
    expect(parseConfig({ SMTP_URL: "smtp://u:p@mail.example.com:587", SMTP_FROM: "site@example.com" }).mail).toEqual({
      url: "smtp://u:p@mail.example.com:587",
      from: "site@example.com",
      to: "site@example.com",
    });
    const to = parseConfig({
      SMTP_URL: "smtps://mail.example.com",
      SMTP_FROM: "a@example.com",
      SMTP_TO: "me@example.com",
    });
    expect(to.mail?.to).toBe("me@example.com");
  });

  it("name the bad setting, never showing the password", () => {
    expect(() => parseConfig({ SMTP_URL: "http://u:secret@mail.example.com", SMTP_FROM: "a@example.com" })).toThrow(
      /^SMTP_URL must be like smtp:\/\/user:password@mail\.example\.com:587 \(smtp or smtps only\)/,
    );
    expect(() => parseConfig({ SMTP_URL: "http://u:secret@mail.example.com", SMTP_FROM: "a@example.com" })).not.toThrow(
      /secret/,
    );
    expect(() => parseConfig({ SMTP_URL: "smtp://mail.example.com" })).toThrow(/SMTP_FROM must be set with SMTP_URL/);
    expect(() => parseConfig({ SMTP_URL: "smtp://mail.example.com", SMTP_FROM: "nobody" })).toThrow(
      /^SMTP_FROM must be an email address/,
    );
  });
});

describe("the owner's message", () => {
  it("escapes the client's words in HTML and keeps them as written in the text", () => {
    const mail = ownerMail({
      subject: "Ada sent their selection: Wedding",
      lines: ["Ada sent 2 photos from Wedding <3."],
      quote: 'Please <b>crop</b> "these" & thanks\n\nSecond paragraph',
      adminUrl: "https://example.com/photography/admin/albums/wedding",
    });
    expect(mail.text).toContain('Please <b>crop</b> "these" & thanks');
    expect(mail.text).toContain("See it on the album's page: https://example.com/photography/admin/albums/wedding");
    expect(mail.html).toContain("Please &lt;b&gt;crop&lt;/b&gt; &quot;these&quot; &amp; thanks");
    expect(mail.html).toContain("Wedding &lt;3.");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain('<a href="https://example.com/photography/admin/albums/wedding">');
  });
});
