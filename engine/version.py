"""The engine version packs declare compatibility with (pack.yaml `engine`)."""

ENGINE_VERSION = "0.1.0"
