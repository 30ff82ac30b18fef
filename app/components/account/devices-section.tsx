import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatInZone } from "~/lib/time-zone";
import type { Route } from "../../routes/+types/photography.admin.account";
import type { AccountAnswer } from "./account-page";
import { SectionAnswer } from "./section-answer";

type Device = Route.ComponentProps["loaderData"]["devices"][number];

/** "Nov 25, 2026, 19:30 UTC": the same on the server and in every browser. */
export function formatWhen(when: Date | string): string {
  return formatInZone(when, "UTC");
}

function DeviceItem({ device }: { device: Device }) {
  return (
    <li className="device" aria-current={device.current ? "true" : undefined}>
      <div className="device__summary">
        <h3 className="device__name">{`${device.browser} on ${device.system}`}</h3>
        {device.current && <span className="device__badge">This device</span>}
      </div>
      <dl className="device__facts">
        <div>
          <dt>IP address</dt>
          <dd>{device.ip ?? "Unknown"}</dd>
        </div>
        <div>
          <dt>Signed in</dt>
          <dd>{formatWhen(device.createdAt)}</dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd>{device.lastUsedAt ? formatWhen(device.lastUsedAt) : "Unknown"}</dd>
        </div>
      </dl>
      {!device.current && (
        <Form method="post" className="device__action">
          <input type="hidden" name="intent" value="sign-out" />
          <input type="hidden" name="session" value={device.id} />
          <Button type="submit" variant="secondary" aria-label={`Sign out ${device.browser} on ${device.system}`}>
            Sign out
          </Button>
        </Form>
      )}
    </li>
  );
}

export function DevicesSection({ devices, answer }: { devices: Device[]; answer: AccountAnswer }) {
  const others = devices.filter((device) => !device.current).length;
  return (
    <section className="card account-section" aria-labelledby="devices-heading">
      <h2 id="devices-heading">Devices</h2>
      <p className="muted account-section__lede">Where you are signed in. Signing a device out ends its session.</p>
      <SectionAnswer answer={answer} />
      <ul className="devices">
        {devices.map((device) => (
          <DeviceItem key={device.id} device={device} />
        ))}
      </ul>
      {others > 0 && (
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <Button type="submit" variant="danger">
            Sign out everywhere else
          </Button>
        </Form>
      )}
    </section>
  );
}
