from __future__ import annotations, braces
