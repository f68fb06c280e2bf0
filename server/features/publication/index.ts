/** What content features use to publish or unpublish many rows at once (a list's bulk bar). */
export { publishMany, type PublishedKind, type PublishManyDeps } from './publish-many';
