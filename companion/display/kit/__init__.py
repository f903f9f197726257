"""The widget kit: widgets, fonts and colours, forms, the message strip."""
