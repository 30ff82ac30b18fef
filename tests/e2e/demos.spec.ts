import { expect, holdScripts, test, waitForHydration } from "./fixtures";

test.describe("numeral-to-kana converter", () => {
  test("converts through the GET form", async ({ page }) => {
    await page.goto("/foo-bar");
    await expect(page.getByRole("heading", { level: 1, name: "Numbers in Japanese kana" })).toBeVisible();
    await page.getByLabel("Number").fill("8300");
    await page.getByRole("button", { name: "Convert" }).click();
    await expect(page).toHaveURL(/\/foo-bar\?number=8300&script=hiragana$/);
    await expect(page.getByTestId("kana-reading")).toHaveText("はっせんさんびゃく");
    await expect(page.getByTestId("kanji")).toHaveText("八千三百");

    await page.getByLabel("Katakana").check();
    await page.getByRole("button", { name: "Convert" }).click();
    await expect(page).toHaveURL(/script=katakana/);
    await expect(page.getByTestId("kana-reading")).toHaveText("ハッセンサンビャク");
  });

  test("the server renders a shared link, and explains bad input", { tag: "@no-js-only" }, async ({ page }) => {
    await page.goto("/foo-bar?number=1000000000000");
    await expect(page.getByLabel("Number")).toHaveValue("1000000000000");
    await expect(page.getByTestId("kana-reading")).toHaveText("いっちょう");

    await page.goto("/foo-bar?number=12.5");
    await expect(page.getByText("Only whole numbers made of the digits 0 to 9 can be converted.")).toBeVisible();
    await expect(page.getByLabel("Number")).toHaveAttribute("aria-invalid", "true");
  });

  test("with JavaScript the answer follows the typing", { tag: "@js-only" }, async ({ page }) => {
    // Live conversion is a JavaScript enhancement.
    await page.goto("/foo-bar");
    await page.getByLabel("Number").pressSequentially("600");
    await expect(page.getByTestId("kana-reading")).toHaveText("ろっぴゃく");
    await expect(page).toHaveURL(/\/foo-bar$/);
  });

  test(
    "what was typed and picked before the scripts ran is converted once they run",
    { tag: "@js-only" },
    async ({ page }) => {
      // Live conversion is a JavaScript enhancement.
      const release = await holdScripts(page);
      await page.goto("/foo-bar", { waitUntil: "domcontentloaded" });
      await page.getByLabel("Number").pressSequentially("600");
      await page.getByLabel("Katakana").check();
      release();
      await waitForHydration(page);
      await expect(page.getByTestId("kana-reading")).toHaveText("ロッピャク");
      await expect(page.getByLabel("Number")).toHaveValue("600");
    },
  );
});

test.describe("sorting visualizer", () => {
  test("steps through a sort with links", async ({ page }) => {
    await page.goto("/sorting");
    await expect(page.getByRole("heading", { level: 1, name: "Sorting visualizer" })).toBeVisible();
    await expect(page.getByText(/^Step 0 of \d+:/)).toBeVisible();
    await expect(page.getByTestId("step-description")).toHaveText("Unsorted numbers.");
    await expect(page.getByRole("list", { name: "Numbers at step 0" }).getByRole("listitem")).toHaveCount(16);

    await page.getByRole("link", { name: "Next step" }).click();
    await expect(page).toHaveURL(/step=1/);
    await expect(page.getByTestId("step-description")).toHaveText(/^Comparing \d+ and \d+\.$/);

    await page.getByRole("link", { name: "Last step" }).click();
    await expect(page.getByTestId("step-description")).toHaveText("Sorted.");
    const values = (
      await page
        .getByRole("list", { name: /Numbers at step/ })
        .getByRole("listitem")
        .allTextContents()
    ).map(Number);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  test("switches algorithm with the form", async ({ page }) => {
    await page.goto("/sorting?seed=7");
    await page.getByLabel("Algorithm").selectOption("quick");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/algorithm=quick&seed=7/);
    await expect(page.getByLabel("Algorithm")).toHaveValue("quick");
  });

  test("Play animates to the end with JavaScript", { tag: "@js-only" }, async ({ page }) => {
    // Play needs JavaScript. It plays from the step shown: ten steps before the end keep the run short (a step is
    // drawn every 120 ms, about a hundred of them from the start).
    await page.goto("/sorting?algorithm=insertion&seed=3&step=0");
    const steps = Number((await page.getByText(/^Step 0 of \d+:/).textContent())!.match(/of (\d+)/)![1]);
    await page.goto(`/sorting?algorithm=insertion&seed=3&step=${steps - 10}`);
    // The button is drawn from the first paint; it works once React runs.
    await waitForHydration(page);
    await page.getByRole("button", { name: "Play" }).click();
    await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
    await expect(page.getByTestId("step-description")).toHaveText("Sorted.");
    await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
    await expect(page).toHaveURL(/step=\d{2,}/);
  });

  test("without JavaScript there is no dead Play button", { tag: "@no-js-only" }, async ({ page }) => {
    await page.goto("/sorting");
    await expect(page.getByRole("button", { name: "Play" })).toHaveCount(0);
  });
});

test.describe("game of life", () => {
  test("steps through generations with links", async ({ page }) => {
    await page.goto("/life");
    await expect(page.getByRole("heading", { level: 1, name: "Conway's game of life" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Generation 0: 5 living cells" })).toBeVisible();
    await page.getByRole("link", { name: "Next generation" }).click();
    await expect(page.getByTestId("generation")).toHaveText("1");
    await expect(page.getByTestId("population")).toHaveText("5");
    await page.getByRole("link", { name: "Reset" }).click();
    await expect(page.getByTestId("generation")).toHaveText("0");
  });

  test("loads a pattern with the form", async ({ page }) => {
    await page.goto("/life");
    await page.getByLabel("Pattern").selectOption("pulsar");
    await page.getByRole("button", { name: "Load pattern" }).click();
    await expect(page).toHaveURL(/pattern=pulsar/);
    await expect(page.getByTestId("population")).toHaveText("48");
    await page.goto("/life?pattern=pulsar&generation=3");
    await expect(page.getByTestId("population")).toHaveText("48");
  });

  test("with JavaScript: play, draw and clear in the page", { tag: "@js-only" }, async ({ page }) => {
    // The interactive board needs JavaScript.
    await page.goto("/life");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Play" }).click();
    await expect.poll(async () => Number(await page.getByTestId("generation").textContent())).toBeGreaterThan(3);
    await page.getByRole("button", { name: "Pause" }).click();
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page.getByTestId("population")).toHaveText("0");
    await page.getByRole("img", { name: /Generation 0/ }).click({ position: { x: 5, y: 5 } });
    await expect(page.getByTestId("population")).toHaveText("1");
  });
});

test("each demo links back home", async ({ page }) => {
  for (const path of ["/sorting", "/foo-bar", "/life"]) {
    await page.goto(path);
    await page.getByRole("link", { name: "Back to projects" }).click();
    await expect(page).toHaveURL(/\/#projects$/);
    await expect(page.getByRole("tabpanel", { name: "Projects" })).toBeVisible();
  }
});
