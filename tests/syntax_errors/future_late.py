"""doc"""
from __future__ import annotations
import os
from __future__ import division
