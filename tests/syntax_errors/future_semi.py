import os; from __future__ import division
