"""`/stats`: a member's figures and the chart beside them."""
