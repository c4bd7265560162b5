console.log('tabletop');
