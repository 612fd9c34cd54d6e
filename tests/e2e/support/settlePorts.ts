// Imported first by playwright.config.ts: settles the browser tests' ports before anything reads them.
import { settleE2ePorts } from "./ports";

settleE2ePorts();
