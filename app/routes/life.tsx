import { useSearchParams } from "react-router";
import { DemoPage } from "~/components/demos/demo-page";
import { GameOfLife } from "~/components/demos/game-of-life";
import { parseLifeQuery } from "~/lib/life";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/life";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Conway's game of life",
    description:
      "Conway's cellular automaton in the browser: load a glider, a pulsar or a glider gun, step through generations or let it run.",
    path: "/life",
  });
}

export default function Life() {
  const [params] = useSearchParams();
  const query = parseLifeQuery(params);
  return (
    <DemoPage
      title="Conway's game of life"
      intro="Each cell lives on with two or three living neighbours and is born with exactly three; every other cell dies or stays empty. The board wraps around at its edges."
    >
      <GameOfLife key={params.toString()} query={query} />
    </DemoPage>
  );
}
