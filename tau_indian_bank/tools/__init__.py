"""The bank's 34 tools: one module per service area, plus the argument layer.

``catalogue`` lists the tools and their specs without importing tau2;
``toolkit`` assembles them into the tau2 toolkit class.
"""
