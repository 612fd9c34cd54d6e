import * as React from "react";
import { site } from "../config/site";

export default function HomePage() {
  return <h1>{site.productName}</h1>;
}
