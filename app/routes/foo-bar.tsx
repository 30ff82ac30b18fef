import { useSearchParams } from "react-router";
import { KanaConverter } from "~/components/demos/kana-converter";
import { DemoPage } from "~/components/demos/demo-page";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/foo-bar";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Numbers in Japanese kana",
    description:
      "Type a number and read it in Japanese hiragana or katakana, with its kanji form: a demo of the numeral-to-kana package.",
    path: "/foo-bar",
  });
}

export default function FooBar() {
  const [params] = useSearchParams();
  const number = params.get("number") ?? "";
  const script = params.get("script") === "katakana" ? "katakana" : "hiragana";
  return (
    <DemoPage
      title="Numbers in Japanese kana"
      intro={
        <>
          The numeral-to-kana package spells numbers the way they are said in Japanese, sound changes included: 300 is{" "}
          <span lang="ja">さんびゃく</span>, 8000 is <span lang="ja">はっせん</span>.
        </>
      }
    >
      {/* A new URL (a submitted form or an example) starts from what it says. */}
      <KanaConverter key={`${number}|${script}`} initialNumber={number} initialScript={script} />
    </DemoPage>
  );
}
