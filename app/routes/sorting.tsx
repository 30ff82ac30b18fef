import { useSearchParams } from "react-router";
import { DemoPage } from "~/components/demos/demo-page";
import { SortingVisualizer } from "~/components/demos/sorting-visualizer";
import { pageMeta } from "~/lib/seo";
import { parseSortingQuery } from "~/lib/sorting";
import type { Route } from "./+types/sorting";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Sorting visualizer",
    description:
      "Step through bubble sort, insertion sort, selection sort and quicksort and see every comparison and swap.",
    path: "/sorting",
  });
}

export default function Sorting() {
  const [params] = useSearchParams();
  const query = parseSortingQuery(params);
  return (
    <DemoPage
      title="Sorting visualizer"
      intro="Pick an algorithm and follow it comparing and swapping sixteen numbers until they are in order."
    >
      <SortingVisualizer key={`${query.algorithm}|${query.seed}`} query={query} />
    </DemoPage>
  );
}
