"""The app: its window and loop, the store behind it, the device's services."""
