"""The pages' routers, one per audience and topic (public, table device, Director, rulings,
claims, law book): module-level ``APIRouter``s the application factory includes."""
