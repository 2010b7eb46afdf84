import os,
