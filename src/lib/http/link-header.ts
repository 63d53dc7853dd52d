/**
 * `Link: <hub>; rel="hub", <topic>; rel="self"` (WebSub §4): subscribers
 * discover the hub from the topic's own response headers first.
 */
export function formatTopicLinks(hubUrl: string, topicUrl: string): string {
  return `<${hubUrl}>; rel="hub", <${topicUrl}>; rel="self"`;
}
