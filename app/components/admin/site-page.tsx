import type { Route } from "../../routes/+types/photography.admin.site";
import { SiteCvForm, SiteLogoForm, SitePortraitForm } from "./site-files-form";
import { SiteLinksForm } from "./site-links-form";
import { SiteProfileForm } from "./site-profile-form";
import { SiteSectionNav } from "./site-section-nav";

export type SitePageData = Route.ComponentProps["loaderData"];
/** The last form's answer: a notice, or a refusal naming the field at fault with what was typed. */
export type SiteAnswerData = NonNullable<Route.ComponentProps["actionData"]> | null;

/** The Site section's first tab: who the owner is, their links, the CV, the portrait and the logo. */
export function SitePage({ data, answer }: { data: SitePageData; answer: SiteAnswerData }) {
  return (
    <main className="page page--narrow admin site-admin">
      <header className="page-header">
        <h1 className="page-header__title">Site</h1>
        <SiteSectionNav />
      </header>
      <SiteProfileForm
        profile={data.profile}
        limits={data.limits}
        answer={answer?.intent === "save-profile" ? answer : null}
      />
      <SitePortraitForm portrait={data.portrait} notice={data.notice} />
      <SiteLogoForm
        logo={data.logo}
        maxMegabytes={data.maxLogoMegabytes}
        maxSide={data.maxLogoSide}
        notice={data.notice}
      />
      <SiteLinksForm links={data.links} icons={data.icons} limits={data.limits} hasCv={data.hasCv} answer={answer} />
      <SiteCvForm hasCv={data.hasCv} maxMegabytes={data.maxCvMegabytes} notice={data.notice} />
    </main>
  );
}
