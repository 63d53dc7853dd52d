// What the search function bundles besides the dataset itself.
export { handleSearchRequest } from "../src/lib/api/search-endpoint.ts";
export { indexDataset } from "../src/lib/search/dataset-index.ts";
